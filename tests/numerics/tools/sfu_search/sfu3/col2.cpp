#include "h_common.hpp"
static i128 fl_to(i128 v,int P){int sh=KS-P; if(P<=0||sh<=0) return v; return (v>>sh)<<sh;}
// product a*b where b is an nb-bit two's-complement (or unsigned if !sgn) integer; rows over bits (radix 2) or Booth digits (radix 4)
// each row value scaled by 2^sc into the KS grid, floored at 2^-P
static i128 mul(int64_t a,int64_t b,int nb,bool sgn,int sc,int P,int radix){ i128 s=0; auto scl=[&](i128 v){return sc>=0? v<<sc : v>>(-sc);};
  uint64_t ub=(uint64_t)b & ((nb>=64)?~0ull:((1ull<<nb)-1));
  if(radix==2){ for(int j=0;j<nb;j++){ if(!((ub>>j)&1)) continue; i128 row=(i128)a<<j; if(sgn&&j==nb-1) row=-row; s+=fl_to(scl(row),P);} }
  else { int nbb=sgn?nb:nb+1; int prev=0; for(int i=0;2*i<nbb;i++){ int b0=(ub>>(2*i))&1, b1=(2*i+1<nb)?((ub>>(2*i+1))&1):(sgn?((ub>>(nb-1))&1):0);
     if(sgn && 2*i+1>=nb) b1=(ub>>(nb-1))&1; if(sgn && 2*i>=nb) b0=(ub>>(nb-1))&1;
     int d=-2*b1+b0+prev; prev=b1; i128 row=((i128)a*d)<<(2*i); s+=fl_to(scl(row),P);} }
  return s;}
struct W{int P1,P2,Q,r1,r2,rq,o1,o2;};
template<size_t N> static i128 ev(const std::array<QuadCoeffs,N>& rom,int idx,const QuadGrid& g,uint32_t f,const W& w){
  int64_t xl=f&0xffff; const auto&c=rom[idx];
  i128 t0=(i128)c.c0<<(KS-g.c0_frac);
  i128 t1 = w.o1==0 ? mul(c.c1,xl,16,false,KS-g.c1_frac-23,w.P1,w.r1) : mul(xl,c.c1,18,true,KS-g.c1_frac-23,w.P1,w.r1);
  // squarer: x2 on grid 2^-46 units; column-truncated at 2^-Q relative to xl^2 weight (Q in bits of 2^-46 units: drop below 2^Q)
  i128 x2 = w.Q? mul(xl,xl,16,false,0,0,2) : (i128)xl*xl;
  if(w.Q){ x2=0; for(int j=0;j<16;j++) if((xl>>j)&1){ i128 row=(i128)xl<<j; x2+= (row>>w.Q)<<w.Q; } }
  i128 t2 = w.o2==0 ? mul(c.c2,(int64_t)x2,32,false,KS-g.c2_frac-46,w.P2,w.r2) : mul((int64_t)x2,c.c2,12,true,KS-g.c2_frac-46,w.P2,w.r2);
  return t0+t1+t2;}
static uint32_t rcpw(uint32_t x,const W& w){int e=(int)((x>>23)&255)-127; uint32_t f=x&0x7fffff; return packv(ev(kRcpRom,f>>16,kRcpGrid,f,w),-KS-e,2);}
static uint32_t rsqw(uint32_t x,const W& w){int e=(int)((x>>23)&255)-127; int odd=e&1; uint32_t f=x&0x7fffff; return packv(ev(kRsqRom,(odd<<7)|(f>>16),kRsqGrid,f,w),-KS-((e-odd)/2),2);}
int main(){ auto rows=load(); V d;
 { W w{0,0,0,2,2,2,0,0}; int c=0; for(auto&r:rows) c+= rcpw(rsqw(r.s,w),w)==r.g; printf("sanity %d\n",c); }
 { W w{0,0,0,4,4,2,0,0}; int c=0; for(auto&r:rows) c+= rcpw(rsqw(r.s,w),w)==r.g; printf("sanity4 %d\n",c); }
 { W w{0,0,0,4,4,2,1,1}; int c=0; for(auto&r:rows) c+= rcpw(rsqw(r.s,w),w)==r.g; printf("sanity4o %d\n",c); }
 std::vector<std::pair<int,std::string>> res;
 for(int r1:{2,4}) for(int o1:{0,1}) for(int P1:{0,28,29,30,31,32}) for(int P2:{0,27,28,29,30,31,32}) for(int Q:{0,12,13,14,15,16,17,18,19,20,22}){
   W w{P1,P2,Q,r1,4,2,o1,1}; int c=0,fix=0,brk=0; for(auto&r:rows){ bool a=rcpv(rsqv(r.s,d),d)==r.g; bool b= rcpw(rsqw(r.s,w),w)==r.g; c+=b; fix+=!a&&b; brk+=a&&!b;}
   char buf[160]; snprintf(buf,160,"r1 %d o1 %d P1 %d P2 %d Q %d: %d fix %d brk %d",r1,o1,P1,P2,Q,c,fix,brk); res.push_back({c,buf});}
 std::sort(res.rbegin(),res.rend()); for(int i=0;i<15;i++) printf("%s\n",res[i].second.c_str());
}
