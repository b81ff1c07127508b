#include "h_common.hpp"
int main(int argc,char**argv){ int u=atoi(argv[1]); auto rows=load(); V d;
 for(size_t t=0;t<rows.size();++t){ auto&r=rows[t]; uint32_t q=rsqv(r.s,d); int eq=(int)((q>>23)&255)-127; uint32_t qf=q&0x7fffff; int idx=qf>>16; long long xl=qf&0xffff; auto c=kRcpRom[idx];
   bool ok=rcpv(q,d)==r.g; bool qkempty=true; for(int k=-3;k<=3;k++) if(k&&rcpv(q+k,d)==r.g) qkempty=false; if(!ok&&!qkempty) continue;
   i128 S=evalS(kRcpRom,idx,kRcpGrid,7,qf,d); int sh=KS-u; i128 Sf=(S>>sh)<<sh;
   int kmin=99,kmax=-99; for(int k=0;k<=4;k++){ uint32_t o=packv(Sf-((i128)k<<sh),-KS-eq,2); if(o==r.g){kmin=std::min(kmin,k);kmax=std::max(kmax,k);} }
   if(kmin!=0||kmax<4) printf("t=%4zu seg %3d xl=%04llx k=[%d,%d] c1=%d c2=%d\n",t,idx,xl,kmin,kmax,c.c1,c.c2);}
}
