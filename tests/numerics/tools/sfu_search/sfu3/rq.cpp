#include "h_common.hpp"
static i128 q_to(i128 v,int P,int mode){ if(P<=0) return v; int sh=KS-P; i128 u=((i128)1)<<sh; i128 f=(v>>sh)<<sh; if(mode==0) return f; if(mode==1) return f==v?f:f+u; i128 r=((v+(u>>1))>>sh)<<sh; return r; }
struct Z{int P1,m1,P2,m2,sqk;};
template<size_t N> static i128 ev(const std::array<QuadCoeffs,N>& rom,int idx,const QuadGrid& g,uint32_t f,const Z& z){
  int64_t xl=f&0xffff; const auto&c=rom[idx]; int64_t xs=xl; int dr=0; if(z.sqk<16){dr=16-z.sqk; xs=(xl>>dr)<<dr;}
  return ((i128)c.c0<<(KS-g.c0_frac)) + q_to(((i128)c.c1*xl)<<(KS-g.c1_frac-23),z.P1,z.m1) + q_to(((i128)c.c2*xs*xs)<<(KS-g.c2_frac-46),z.P2,z.m2);}
static uint32_t rcpz(uint32_t x,const Z& w){int e=(int)((x>>23)&255)-127; uint32_t f=x&0x7fffff; return packv(ev(kRcpRom,f>>16,kRcpGrid,f,w),-KS-e,2);}
static uint32_t rsqz(uint32_t x,const Z& w){int e=(int)((x>>23)&255)-127; int odd=e&1; uint32_t f=x&0x7fffff; return packv(ev(kRsqRom,(odd<<7)|(f>>16),kRsqGrid,f,w),-KS-((e-odd)/2),2);}
int main(){ auto rows=load(); std::vector<std::pair<int,std::string>> res;
 for(int P1:{0,26,27,28,29,30,31,32}) for(int m1:{0,1,2}) for(int P2:{0,26,27,28,29,30,31,32}) for(int m2:{0,1,2}) for(int sqk:{16,15,14,13,12,11,10,9,8}){
   if((!P1&&m1)||(!P2&&m2)) continue; Z z{P1,m1,P2,m2,sqk}; int c=0,cr=0,cs=0; V d;
   for(auto&r:rows){ uint32_t q=rsqz(r.s,z); c+= rcpz(q,z)==r.g; }
   char b[128]; snprintf(b,128,"P1 %d m1 %d P2 %d m2 %d sqk %d: %d",P1,m1,P2,m2,sqk,c); res.push_back({c,b});}
 std::sort(res.rbegin(),res.rend()); for(int i=0;i<12;i++) printf("%s\n",res[i].second.c_str());
}
